/**
 * The OpenAPI schemas of a link, a link body and a click (docs/api.md#links). A link's options are
 * described by their kind (contract/linkFields.ts), so a new option needs no line here.
 */
import {
  CLICK_FIELD_KINDS,
  type Click,
  type ClickDevice,
  type ClickFieldKind,
  STORED_CLICK_FIELDS,
  type StoredClickField,
} from '../../contract/clicks';
import {
  LINK_HEALTH_STATUSES,
  MAX_VARIANTS,
  PREVIEW_DESCRIPTION_MAX,
  PREVIEW_TITLE_MAX,
} from '../../contract/linkConversion';
import { LINK_OPTION_NAMES, LINK_OPTIONS, type LinkOptionKind, type LinkOptionName } from '../../contract/linkFields';
import { MAX_GEO_TARGETS, MAX_LINK_PASSWORD_LENGTH, MIN_LINK_PASSWORD_LENGTH } from '../../contract/linkOptions';
import { MAX_RULE_CONDITIONS, MAX_RULES, RULE_DEVICES } from '../../contract/linkRules';
import type { Link, LinkAuthor, LinkInput } from '../../contract/links';
import { MAX_TAGS } from '../../contract/tags';
import {
  arrayOf,
  boolean,
  closedObject,
  type Described,
  dateTime,
  id,
  integer,
  nullable,
  type Schema,
  text,
} from './schema';

export const deviceType: Schema = { type: 'string', enum: ['ios', 'android', 'web'] };
export const url: Schema = { type: 'string', format: 'uri', maxLength: 2048 };
const geoTargets: Schema = {
  type: 'object',
  propertyNames: { pattern: '^[A-Z]{2}$' },
  additionalProperties: { type: 'string' },
  maxProperties: MAX_GEO_TARGETS,
  description: 'ISO country code → URL',
};

const variant: Schema = closedObject({
  url,
  weight: { type: 'integer', minimum: 1, maximum: 100 },
});
const variants: Schema = {
  ...arrayOf(variant, `[] or 2–${MAX_VARIANTS} entries whose weights add up to 100`),
  maxItems: MAX_VARIANTS,
};
const condition = (type: string, fields: Record<string, Schema>, required: string[]): Schema => ({
  type: 'object',
  properties: { type: { type: 'string', enum: [type] }, ...fields },
  required: ['type', ...required],
  additionalProperties: false,
});
/** docs/api.md#redirect-rules */
const rules: Schema = {
  ...arrayOf(
    closedObject({
      when: {
        ...arrayOf({
          oneOf: [
            condition('language', { is: text('Primary language subtag, such as "es"') }, ['is']),
            condition('query', { name: text(), value: text('Left out: any value') }, ['name']),
            condition('ip', { cidr: text('IPv4 or IPv6 CIDR; a bare address is one host') }, ['cidr']),
            condition('country', { is: { type: 'string', pattern: '^[A-Z]{2}$' } }, ['is']),
            condition('device', { is: { type: 'string', enum: [...RULE_DEVICES] } }, ['is']),
            condition('time', { after: dateTime, before: dateTime }, []),
          ],
        }),
        minItems: 1,
        maxItems: MAX_RULE_CONDITIONS,
      },
      url,
    }),
    'Tried in order; the first whose conditions all hold sends the visitor to its url',
  ),
  maxItems: MAX_RULES,
};
const httpsUrl: Schema = { ...url, pattern: '^https://' };
const previewText: Schema = nullable(
  text(`At most ${PREVIEW_TITLE_MAX} (title) or ${PREVIEW_DESCRIPTION_MAX} characters`),
);

/** docs/api.md#link-health */
export const linkHealth: Schema = closedObject({
  status: { type: 'string', enum: [...LINK_HEALTH_STATUSES] },
  checked_at: nullable(dateTime),
  http_status: nullable(integer()),
  error: nullable(text()),
  url: nullable(url),
});

/** Each kind of link option (contract/linkFields.ts) as the API answers it and as a body gives it. */
const OPTION_SCHEMAS: Record<LinkOptionKind, { api: Schema; input: Schema }> = {
  flag: { api: boolean, input: boolean },
  address: { api: nullable(url), input: nullable(text()) },
  time: { api: nullable(dateTime), input: nullable(text('ISO 8601 date and time; null: never')) },
  count: { api: nullable({ ...integer(), minimum: 1 }), input: nullable(integer('At least 1; null: no limit')) },
  countryAddresses: { api: geoTargets, input: nullable(geoTargets) },
  text: { api: previewText, input: previewText },
  imageAddress: { api: nullable(httpsUrl), input: nullable(text('An https:// address')) },
  variants: { api: variants, input: nullable(variants) },
  rules: { api: rules, input: nullable(rules) },
};

function optionSchemas(shape: 'api' | 'input'): Record<LinkOptionName, Schema> {
  return Object.fromEntries(
    LINK_OPTION_NAMES.map((name) => [name, withMaxLength(name, OPTION_SCHEMAS[LINK_OPTIONS[name].kind][shape])]),
  ) as Record<LinkOptionName, Schema>;
}

/** A text option's own limit (notes: 2,000 characters). */
function withMaxLength(name: LinkOptionName, schema: Schema): Schema {
  const max = (LINK_OPTIONS[name] as { maxLength?: number }).maxLength;
  if (max === undefined || max <= PREVIEW_DESCRIPTION_MAX) return schema;
  return nullable(text(`At most ${max} characters`));
}

const linkAuthor = (description: string): Schema => ({
  ...closedObject<LinkAuthor>({ id, name: text("The user's name, or the API key's name when a key did it") }),
  description,
});

export const linkFields: Described<Link> = {
  id,
  user_id: nullable({ ...id, description: 'Owner; null for links the administrator created' }),
  team_id: nullable({ ...id, description: 'The team that owns the link; null for links the administrator created' }),
  created_by: nullable(linkAuthor('Who made the link; null: the administrator')),
  updated_by: nullable(linkAuthor('Who last changed the link; null: the administrator')),
  title: { type: 'string', maxLength: 200, description: "'' when the link has no title" },
  target_url: url,
  short_code: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
  clicks: integer('Same figure as total_clicks'),
  total_clicks: integer(),
  unique_visitors: integer(),
  blocked_visitors: integer(),
  imported_clicks: integer("A source's total of clicks it kept no history of (Kutt, Bitly); in no dated figure"),
  created_at: dateTime,
  ...optionSchemas('api'),
  tags: { ...arrayOf({ type: 'string', pattern: '^[a-z0-9_-]{1,32}$' }, 'Sorted'), maxItems: MAX_TAGS },
  has_password: boolean,
  domain: nullable(text('The custom domain the link is on; null: the default domain')),
  short_url: text("The whole short address, on the link's domain"),
  health: linkHealth,
  expired: {
    type: 'boolean',
    readOnly: true,
    description: 'Past expires_at or its max_clicks used up (bots included), as of the answer',
  },
};

export const linkInputFields: Described<LinkInput> = {
  title: nullable(text()),
  target_url: text('An absolute http: or https: URL'),
  short_code: nullable(text('Left out or empty: the server picks 6 random letters and digits')),
  tags: arrayOf(text(), 'Replaces every tag of the link'),
  password: nullable(
    text(
      `Write-only: ${MIN_LINK_PASSWORD_LENGTH}-${MAX_LINK_PASSWORD_LENGTH} characters, counted in Unicode code points; '' or null removes it`,
    ),
  ),
  domain: nullable(text("null: the default domain; else the owner's verified domain. Left out on create: that one")),
  ...optionSchemas('input'),
};

/** Each kind of stored click field (contract/clicks.ts) as the API answers it. */
const CLICK_KIND_SCHEMAS: Record<ClickFieldKind, Schema> = {
  id,
  epochMs: integer('Epoch milliseconds'),
  text: text(),
  optionalText: nullable(text()),
  country: text("ISO 3166-1 alpha-2, 'XX' when unknown"),
  deviceType,
  flag: boolean,
  optionalIndex: nullable(integer("Index in the link's variants; null: none")),
};

/** What a kind's schema does not say of a field. */
const CLICK_FIELD_NOTES: Partial<Record<StoredClickField, Schema>> = {
  device_info: nullable(text('Device model')),
  rule: nullable(integer("Index in the link's rules of the rule that sent the visit; null: none")),
  referrer_source: nullable(text('Referrer host or in-app browser; null means Direct')),
  user_agent: { type: 'string', maxLength: 512 },
  clicked_at: integer('Epoch milliseconds, the same instant as created_at'),
};

const storedClickFields = Object.fromEntries(
  STORED_CLICK_FIELDS.map((field) => [field, CLICK_FIELD_NOTES[field] ?? CLICK_KIND_SCHEMAS[CLICK_FIELD_KINDS[field]]]),
) as Record<StoredClickField, Schema>;

const { device_type, device_info, browser, browser_version, os, os_version } = storedClickFields;

export const deviceFields: Described<ClickDevice> = {
  device_type,
  device_info,
  browser,
  browser_version,
  os,
  os_version,
};

export const clickFields: Described<Click> = { id, ...storedClickFields, created_at: dateTime };
