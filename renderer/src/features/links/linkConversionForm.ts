/**
 * The social preview and split traffic part of the one link form (docs/api.md#social-previews,
 * #split-traffic): values as the inputs hold them, the client checks (the server's rules and
 * messages from contract/), the request fields and whether they changed.
 */
import {
  INVALID_URL,
  isHttpUrl,
  type Link,
  type LinkUpdate,
  MAX_VARIANTS,
  PREVIEW_DESCRIPTION_MAX,
  PREVIEW_TITLE_MAX,
  previewImageProblem,
  previewTextProblem,
  VARIANT_URL,
  type Variant,
  variantsProblem,
} from '../../../../redirector/contract';

export interface VariantRow {
  url: string;
  /** As typed. */
  weight: string;
}

export interface ConversionValues {
  preview_title: string;
  preview_description: string;
  preview_image: string;
  variants: VariantRow[];
}

export type ConversionField = 'preview_title' | 'preview_description' | 'preview_image' | 'variants';

/** In the order the form shows them. */
export const CONVERSION_FIELDS: readonly ConversionField[] = [
  'preview_title',
  'preview_description',
  'preview_image',
  'variants',
];

export { MAX_VARIANTS, PREVIEW_DESCRIPTION_MAX, PREVIEW_TITLE_MAX };

export const emptyConversion = (): ConversionValues => ({
  preview_title: '',
  preview_description: '',
  preview_image: '',
  variants: [],
});

export function conversionFromLink(link: Link): ConversionValues {
  return {
    preview_title: link.preview_title ?? '',
    preview_description: link.preview_description ?? '',
    preview_image: link.preview_image ?? '',
    variants: (link.variants ?? []).map((variant) => ({ url: variant.url, weight: String(variant.weight) })),
  };
}

/** The weights as numbers (NaN for what is not a number). */
const weightOf = (row: VariantRow) => (row.weight.trim() === '' ? Number.NaN : Number(row.weight));

/** The sum the form shows beside the rows. */
export function weightSum(rows: readonly VariantRow[]): number {
  return rows.reduce((sum, row) => sum + (Number.isFinite(weightOf(row)) ? weightOf(row) : 0), 0);
}

/** Each row's address problem (undefined when fine). */
export function variantRowProblems(rows: readonly VariantRow[]): (string | undefined)[] {
  return rows.map((row) => (isHttpUrl(row.url) ? undefined : VARIANT_URL));
}

function variantsError(rows: readonly VariantRow[]): string | undefined {
  return (
    variantsProblem(rows.map((row) => ({ url: row.url, weight: weightOf(row) }))) ??
    variantRowProblems(rows).find((problem) => problem !== undefined)
  );
}

export function validateConversion(values: ConversionValues): Partial<Record<ConversionField, string>> {
  const image = values.preview_image.trim();
  return {
    preview_title: previewTextProblem('title', values.preview_title.trim()),
    preview_description: previewTextProblem('description', values.preview_description.trim()),
    preview_image:
      image === '' ? undefined : (previewImageProblem(image) ?? (isHttpUrl(image) ? undefined : INVALID_URL)),
    variants: variantsError(values.variants),
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function conversionInput(values: ConversionValues): LinkUpdate {
  return {
    preview_title: textOrNull(values.preview_title),
    preview_description: textOrNull(values.preview_description),
    preview_image: textOrNull(values.preview_image),
    variants: values.variants.map((row): Variant => ({ url: row.url.trim(), weight: weightOf(row) })),
  };
}

/** Whether the variants sent are the link's own (the admin's edit sends only changes). */
export function sameVariants(value: unknown, link: Link): boolean {
  return JSON.stringify(value ?? []) === JSON.stringify(link.variants ?? []);
}
