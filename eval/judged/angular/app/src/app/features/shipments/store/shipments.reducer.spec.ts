import { shipmentsFeature } from './shipments.reducer';
import { ShipmentsApiActions } from './shipments.actions';

describe('shipments reducer', () => {
  const { reducer } = shipmentsFeature;

  it('stores a loaded page', () => {
    const state = reducer(undefined, ShipmentsApiActions.loadSuccess({
      page: { content: [{ id: 's1', reference: 'R1', carrierId: 'c1', origin: 'LYS', destination: 'CDG', status: 'CREATED', weightKg: 10, eta: null, updatedAt: '' }], totalElements: 1, page: 0, size: 25 },
    }));
    expect(state.ids).toEqual(['s1']);
    expect(state.total).toBe(1);
  });
});
