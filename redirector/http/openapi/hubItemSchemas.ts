/** The hub's items in the OpenAPI description (docs/api.md#hub-items). */
import { type HubItemFigures, MAX_HUB_LABEL, MAX_HUB_LINKS } from '../../contract/hub';
import {
  HUB_ITEM_TYPES,
  MAX_HEADING_TEXT,
  MAX_HUB_ITEMS,
  MAX_SOCIAL_URL,
  MAX_SOCIALS,
  MAX_TEXT_TEXT,
  SOCIAL_PLATFORMS,
} from '../../contract/hubItems';
import { arrayOf, boolean, closedObject, dateTime, id, integer, nullable, number, type Schema, text } from './schema';

const social: Schema = closedObject<{ platform: string; url: string }>({
  platform: { enum: [...SOCIAL_PLATFORMS] },
  url: text('An http(s) address; for email, mailto:'),
});

const flags: Record<string, Schema> = {
  id: id,
  visible: boolean,
  starts_at: nullable(dateTime),
  ends_at: nullable(dateTime),
  highlight: boolean,
  sensitive: boolean,
};

const kind = (type: string, properties: Record<string, Schema>): Schema => ({
  type: 'object',
  properties: { ...flags, type: { const: type }, ...properties },
  required: [...Object.keys(flags), 'type', ...Object.keys(properties)],
  additionalProperties: false,
});

export const hubItemSchemas: Record<string, Schema> = {
  HubItem: {
    oneOf: [
      kind('link', { link_id: id, label: nullable(text()), text: text(), short_url: text() }),
      kind('heading', { text: text() }),
      kind('text', { text: text() }),
      kind('divider', {}),
      kind('social', { socials: arrayOf(social) }),
    ],
  },
  HubItemFigures: closedObject<HubItemFigures>({
    id,
    views: integer('Views of the page while the item was shown'),
    clicks: integer('Clicks from the page on a link item’s link'),
    unique_clicks: integer(),
    ctr: { ...number('clicks / views, 0 with no views'), minimum: 0, maximum: 1 },
  }),
};

const time: Schema = nullable({ type: 'string', format: 'date-time' });

/** One item as `PUT /api/hub` takes it. */
export const hubItemBody: Schema = {
  type: 'object',
  properties: {
    id: { ...id, description: 'An item of this hub keeps its id (and figures); absent for a new one' },
    type: { enum: [...HUB_ITEM_TYPES] },
    link_id: id,
    label: nullable({ type: 'string', maxLength: MAX_HUB_LABEL }),
    text: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_TEXT_TEXT,
      description: `heading: ${MAX_HEADING_TEXT} at most`,
    },
    socials: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_SOCIALS,
      items: {
        type: 'object',
        properties: { platform: { enum: [...SOCIAL_PLATFORMS] }, url: { type: 'string', maxLength: MAX_SOCIAL_URL } },
        required: ['platform', 'url'],
      },
    },
    visible: boolean,
    starts_at: time,
    ends_at: time,
    highlight: boolean,
    sensitive: boolean,
  },
  required: ['type'],
};

export const hubItemsBody: Schema = { type: 'array', maxItems: MAX_HUB_ITEMS, items: hubItemBody };

export const hubLinksBody: Schema = {
  type: 'array',
  maxItems: MAX_HUB_LINKS,
  description: 'The first edition’s form: link items only (used when `items` is absent)',
  items: {
    type: 'object',
    properties: { link_id: id, label: nullable({ type: 'string', maxLength: MAX_HUB_LABEL }) },
    required: ['link_id'],
  },
};
