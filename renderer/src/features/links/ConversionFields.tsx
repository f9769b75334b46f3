/** The sections of the one link form that make links convert: the social preview and split traffic. */
import { useState } from 'react';
import { conversionTexts } from './conversionTexts';
import { ListFormSection, TextFieldsSection } from './LinkFormSection';
import { SocialPreviewFields } from './SocialPreviewFields';
import { SplitTrafficField } from './SplitTrafficField';
import type { LinkFormState } from './useLinkForm';

export function ConversionFields({ form }: { form: LinkFormState }) {
  const TEXTS = conversionTexts();
  const [initial] = useState(form.values);
  return (
    <>
      <TextFieldsSection
        title={TEXTS.preview.title}
        form={form}
        fields={['preview_title', 'preview_description', 'preview_image']}
      >
        <SocialPreviewFields form={form} />
      </TextFieldsSection>
      <ListFormSection title={TEXTS.split.title} form={form} initial={initial} field="variants">
        <SplitTrafficField form={form} />
      </ListFormSection>
    </>
  );
}
