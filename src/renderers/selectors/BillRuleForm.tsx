import { Loader } from '@mantine/core';
import { useMemo } from 'react';
import type { CompiledResourcePage } from '../../runtime/model/pages';
import { useAsync } from '../data/hooks';
import { DataProviderContext, useDataProvider } from '../data/provider';
import { createResourceDataProvider } from '../data/resource-provider';
import { FormPopup } from '../pages/ModelPage';
import { useResourceModel } from '../pages/ResourcePage';

/** The admin descriptor of the numbering rules, whose form the picker's add/edit shows. */
export const BILL_RULE_DESCRIPTOR = 'system-bill-rule';

/**
 * The serial-number rule form of the numbering-template picker: the admin screen's own form
 * (schemas/admin/system-bill-rule.json), with its live example and every rule of spec 5.5, saved
 * through the descriptor's calls — one definition of the form, not a second copy.
 */
export function BillRuleForm({ ruleId, onClose, onSaved }: { ruleId: string | null; onClose(): void; onSaved(): void }) {
  const outer = useDataProvider();
  const loaded = useAsync<CompiledResourcePage>((p) => p.getResourcePage(BILL_RULE_DESCRIPTOR), []);
  const page = loaded.data;
  const model = useResourceModel(page);
  const provider = useMemo(() => (page ? createResourceDataProvider(page, outer) : outer), [page, outer]);
  if (loaded.loading) return <Loader size="sm" />;
  if (!model) return null;
  return (
    <DataProviderContext.Provider value={provider}>
      <FormPopup model={model} permissions={null} editing={{ id: ruleId }} onClose={onClose} onSaved={onSaved} />
    </DataProviderContext.Provider>
  );
}
