import { inject } from '@angular/core';
import { Actions, createEffect, ofType } from '@ngrx/effects';
import { Store } from '@ngrx/store';
import { catchError, concatMap, map, of, switchMap, withLatestFrom } from 'rxjs';
import { ShipmentApiService } from '../../../core/services/shipment-api.service';
import { ShipmentsApiActions, ShipmentsPageActions } from './shipments.actions';
import { selectQuery } from './shipments.selectors';

export const loadShipments = createEffect(
  (actions$ = inject(Actions), store = inject(Store), api = inject(ShipmentApiService)) =>
    actions$.pipe(
      ofType(ShipmentsPageActions.opened, ShipmentsPageActions.queryChanged),
      withLatestFrom(store.select(selectQuery)),
      switchMap(([, query]) =>
        api.list(query).pipe(
          map((page) => ShipmentsApiActions.loadSuccess({ page })),
          catchError((e) => of(ShipmentsApiActions.loadFailure({ error: e.message ?? 'load failed' }))),
        ),
      ),
    ),
  { functional: true },
);

export const updateStatus = createEffect(
  (actions$ = inject(Actions), api = inject(ShipmentApiService)) =>
    actions$.pipe(
      ofType(ShipmentsPageActions.statusUpdateRequested),
      concatMap(({ id, status }) =>
        api.updateStatus(id, status).pipe(
          map((shipment) => ShipmentsApiActions.statusUpdateSuccess({ shipment })),
          catchError((e) => of(ShipmentsApiActions.statusUpdateFailure({ error: e.message }))),
        ),
      ),
    ),
  { functional: true },
);
