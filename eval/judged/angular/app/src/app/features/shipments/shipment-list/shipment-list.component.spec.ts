import { ComponentFixture, TestBed } from '@angular/core/testing';
import { provideMockStore, MockStore } from '@ngrx/store/testing';
import { provideRouter } from '@angular/router';
import { provideNoopAnimations } from '@angular/platform-browser/animations';
import { ShipmentListComponent } from './shipment-list.component';
import { selectLoading, selectQuery, selectShipments, selectTotal } from '../store/shipments.selectors';
import { ShipmentsPageActions } from '../store/shipments.actions';

describe('ShipmentListComponent', () => {
  let fixture: ComponentFixture<ShipmentListComponent>;
  let store: MockStore;

  beforeEach(async () => {
    await TestBed.configureTestingModule({
      imports: [ShipmentListComponent],
      providers: [
        provideRouter([]),
        provideNoopAnimations(),
        provideMockStore({
          selectors: [
            { selector: selectShipments, value: [] },
            { selector: selectLoading, value: false },
            { selector: selectTotal, value: 0 },
            { selector: selectQuery, value: { page: 0, size: 25 } },
          ],
        }),
      ],
    }).compileComponents();
    store = TestBed.inject(MockStore);
    jest.spyOn(store, 'dispatch');
    fixture = TestBed.createComponent(ShipmentListComponent);
    fixture.detectChanges();
  });

  it('dispatches opened on init', () => {
    expect(store.dispatch).toHaveBeenCalledWith(ShipmentsPageActions.opened());
  });
});
