import { Routes } from '@angular/router';

export const SHIPMENT_ROUTES: Routes = [
  { path: '', loadComponent: () => import('./shipment-list/shipment-list.component').then((m) => m.ShipmentListComponent) },
  { path: ':id', loadComponent: () => import('./shipment-detail/shipment-detail.component').then((m) => m.ShipmentDetailComponent) },
];
