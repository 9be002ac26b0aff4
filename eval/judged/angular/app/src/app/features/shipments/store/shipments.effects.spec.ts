import { TestBed } from '@angular/core/testing';
import { provideMockActions } from '@ngrx/effects/testing';
import { provideMockStore } from '@ngrx/store/testing';
import { Observable, of } from 'rxjs';
import { Action } from '@ngrx/store';
import { ShipmentApiService } from '../../../core/services/shipment-api.service';
import { loadShipments } from './shipments.effects';
import { ShipmentsApiActions, ShipmentsPageActions } from './shipments.actions';
import { selectQuery } from './shipments.selectors';

describe('loadShipments effect', () => {
  let actions$: Observable<Action>;
  const api = { list: jest.fn() };

  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [
        provideMockActions(() => actions$),
        provideMockStore({ selectors: [{ selector: selectQuery, value: { page: 0, size: 25 } }] }),
        { provide: ShipmentApiService, useValue: api },
      ],
    });
  });

  it('emits loadSuccess', (done) => {
    const page = { content: [], totalElements: 0, page: 0, size: 25 };
    api.list.mockReturnValue(of(page));
    actions$ = of(ShipmentsPageActions.opened());
    TestBed.runInInjectionContext(() => loadShipments()).subscribe((action) => {
      expect(action).toEqual(ShipmentsApiActions.loadSuccess({ page }));
      done();
    });
  });
});
