import { createSelector } from '@ngrx/store';
import { adapter, shipmentsFeature } from './shipments.reducer';

const { selectAll, selectEntities } = adapter.getSelectors();

export const selectShipments = createSelector(shipmentsFeature.selectShipmentsState, selectAll);
export const selectShipmentEntities = createSelector(shipmentsFeature.selectShipmentsState, selectEntities);
export const selectLateShipments = createSelector(selectShipments, (list) =>
  list.filter((s) => s.eta !== null && new Date(s.eta) < new Date() && s.status !== 'DELIVERED'),
);
export const { selectLoading, selectTotal, selectQuery, selectError } = shipmentsFeature;
