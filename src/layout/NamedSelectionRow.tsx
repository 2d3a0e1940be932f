import { useMemo } from 'react';
import {
  DataTableRow,
  I18nContext,
  useGetRecordRepresentation,
  useI18nProvider,
  useRecordContext,
  useResourceContext,
  type DataTableRowProps,
} from 'react-admin';

/**
 * react-admin's DataTable row whose selection checkbox is named after its row ("Select
 * JOB-000072", from the resource's recordRepresentation) instead of "Select this row" on every
 * row: the checkbox asks for `ra.action.select_row` without the record, so the row answers that
 * one key itself. The theme makes it the row of every DataTable.
 */
export const NamedSelectionRow = (props: DataTableRowProps) => {
  const i18n = useI18nProvider();
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(useResourceContext());
  const name = record ? represent(record) : null;
  const rowI18n = useMemo(
    () => ({
      ...i18n,
      translate: (key: string, options?: object) =>
        key === 'ra.action.select_row' && typeof name === 'string' && name
          ? i18n.translate('app.select_row', { name })
          : i18n.translate(key, options),
    }),
    [i18n, name],
  );
  return (
    <I18nContext.Provider value={rowI18n}>
      <DataTableRow {...props} />
    </I18nContext.Provider>
  );
};
