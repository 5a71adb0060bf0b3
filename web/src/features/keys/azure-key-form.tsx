import type { AzureKey } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import type { AzureFields } from './key-value.ts';

/** Placeholders are sample values in Azure's own format, the same in every language. */
const fields: { name: keyof AzureKey; labelKey: string; testId: string; sample?: string; optional?: boolean; secret?: boolean }[] = [
  { name: 'azureOpenAIApiInstanceName', labelKey: 'keys.azure.instance', testId: 'azure-instance', sample: 'my-resource' },
  { name: 'azureOpenAIApiDeploymentName', labelKey: 'keys.azure.deployment', testId: 'azure-deployment', sample: 'gpt-4o', optional: true },
  { name: 'azureOpenAIApiDeployments', labelKey: 'keys.azure.deployments', testId: 'azure-deployments', sample: 'gpt-4o=chat-4o,o3-mini=reasoner', optional: true },
  { name: 'azureOpenAIApiVersion', labelKey: 'keys.azure.version', testId: 'azure-version', sample: '2024-10-21' },
  { name: 'azureOpenAIImagesApiVersion', labelKey: 'keys.azure.images_version', testId: 'azure-images-version', sample: '2025-04-01-preview', optional: true },
  { name: 'azureOpenAIApiKey', labelKey: 'keys.azure.key', testId: 'key-input', secret: true },
];

export interface AzureKeyFormProps {
  value: AzureFields;
  onChange(value: AzureFields): void;
}

/** The Azure key of SPEC point 3 as form fields instead of a JSON blob to paste. */
export function AzureKeyForm({ value, onChange }: AzureKeyFormProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fields.map((field) => (
        <Field
          key={field.name}
          label={t(field.labelKey)}
          labelAside={field.optional ? <span className="text-xs text-neutral-500 dark:text-neutral-400">{t('keys.optional')}</span> : undefined}
          type={field.secret ? 'password' : 'text'}
          placeholder={field.sample}
          autoComplete="off"
          spellCheck={false}
          data-testid={field.testId}
          value={value[field.name]}
          onChange={(event) => onChange({ ...value, [field.name]: event.target.value })}
          className="h-10"
        />
      ))}
    </div>
  );
}
