import { Routes } from '@angular/router';
import { authGuard } from './core/auth/auth.guard';

export const routes: Routes = [
  { path: '', pathMatch: 'full', redirectTo: 'dashboard' },
  {
    path: 'dashboard',
    canActivate: [authGuard],
    loadComponent: () => import('./features/dashboard/dashboard.component').then((m) => m.DashboardComponent),
  },
  {
    path: 'shipments',
    canActivate: [authGuard],
    loadChildren: () => import('./features/shipments/shipments.routes').then((m) => m.SHIPMENT_ROUTES),
  },
  {
    path: 'carriers',
    canActivate: [authGuard],
    loadComponent: () => import('./features/carriers/carrier-list/carrier-list.component').then((m) => m.CarrierListComponent),
  },
  { path: '**', redirectTo: 'dashboard' },
];
