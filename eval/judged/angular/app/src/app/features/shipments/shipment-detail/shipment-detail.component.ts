import { ChangeDetectionStrategy, Component, inject, input } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { switchMap } from 'rxjs';
import { DatePipe } from '@angular/common';
import { MatCardModule } from '@angular/material/card';
import { MatButtonModule } from '@angular/material/button';
import { Store } from '@ngrx/store';
import { ShipmentApiService } from '../../../core/services/shipment-api.service';
import { ShipmentsPageActions } from '../store/shipments.actions';
import { StatusBadgeComponent } from '../../../shared/components/status-badge/status-badge.component';
import { WeightPipe } from '../../../shared/pipes/weight.pipe';

@Component({
  selector: 'lb-shipment-detail',
  standalone: true,
  imports: [DatePipe, MatCardModule, MatButtonModule, StatusBadgeComponent, WeightPipe],
  templateUrl: './shipment-detail.component.html',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class ShipmentDetailComponent {
  private readonly api = inject(ShipmentApiService);
  private readonly store = inject(Store);
  readonly id = input.required<string>();
  protected readonly shipment = toSignal(toObservable(this.id).pipe(switchMap((id) => this.api.get(id))));

  markDelivered(): void {
    this.store.dispatch(ShipmentsPageActions.statusUpdateRequested({ id: this.id(), status: 'DELIVERED' }));
  }
}
