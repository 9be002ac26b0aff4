import { createActionGroup, emptyProps, props } from '@ngrx/store';
import { Page } from '../../../shared/models/page.model';
import { Shipment, ShipmentStatus } from '../../../shared/models/shipment.model';
import { ShipmentQuery } from '../../../core/services/shipment-api.service';

export const ShipmentsPageActions = createActionGroup({
  source: 'Shipments Page',
  events: {
    opened: emptyProps(),
    'Query Changed': props<{ query: ShipmentQuery }>(),
    'Status Update Requested': props<{ id: string; status: ShipmentStatus }>(),
  },
});

export const ShipmentsApiActions = createActionGroup({
  source: 'Shipments API',
  events: {
    'Load Success': props<{ page: Page<Shipment> }>(),
    'Load Failure': props<{ error: string }>(),
    'Status Update Success': props<{ shipment: Shipment }>(),
    'Status Update Failure': props<{ error: string }>(),
  },
});
