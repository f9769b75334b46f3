/** The sections of the one link form that make links convert: the social preview and split traffic. */
import { useState } from 'react';
import { conversionTexts } from './conversionTexts';
import { LinkFormSection, ListFormSection } from './LinkFormSection';
import { SocialPreviewFields } from './SocialPreviewFields';
import { SplitTrafficField } from './SplitTrafficField';
import type { LinkFormState } from './useLinkForm';

export function ConversionFields({ form }: { form: LinkFormState }) {
  const TEXTS = conversionTexts();
  const { values, errors } = form;
  const [initial] = useState(values);
  const previewOn = [values.preview_title, values.preview_description, values.preview_image].some(
    (value) => value.trim() !== '',
  );
  const previewAtStart = [initial.preview_title, initial.preview_description, initial.preview_image].some(
    (value) => value !== '',
  );
  return (
    <>
      <LinkFormSection
        title={TEXTS.preview.title}
        state={previewOn ? TEXTS.set : undefined}
        open={previewAtStart}
        invalid={Boolean(errors.preview_title || errors.preview_description || errors.preview_image)}
      >
        <SocialPreviewFields form={form} />
      </LinkFormSection>
      <ListFormSection title={TEXTS.split.title} form={form} initial={initial} field="variants">
        <SplitTrafficField form={form} />
      </ListFormSection>
    </>
  );
}
