import { createFeature, createReducer, on } from '@ngrx/store';
import { createEntityAdapter, EntityState } from '@ngrx/entity';
import { Shipment } from '../../../shared/models/shipment.model';
import { ShipmentQuery } from '../../../core/services/shipment-api.service';
import { ShipmentsApiActions, ShipmentsPageActions } from './shipments.actions';

export interface ShipmentsState extends EntityState<Shipment> {
  query: ShipmentQuery;
  total: number;
  loading: boolean;
  error: string | null;
}

export const adapter = createEntityAdapter<Shipment>();

const initialState: ShipmentsState = adapter.getInitialState({
  query: { page: 0, size: 25 },
  total: 0,
  loading: false,
  error: null,
});

export const shipmentsFeature = createFeature({
  name: 'shipments',
  reducer: createReducer(
    initialState,
    on(ShipmentsPageActions.opened, (state) => ({ ...state, loading: true })),
    on(ShipmentsPageActions.queryChanged, (state, { query }) => ({ ...state, query, loading: true })),
    on(ShipmentsApiActions.loadSuccess, (state, { page }) =>
      adapter.setAll(page.content, { ...state, total: page.totalElements, loading: false, error: null })),
    on(ShipmentsApiActions.loadFailure, (state, { error }) => ({ ...state, loading: false, error })),
    on(ShipmentsApiActions.statusUpdateSuccess, (state, { shipment }) => adapter.upsertOne(shipment, state)),
  ),
});
