import { ChangeDetectionStrategy, Component, OnInit, inject } from '@angular/core';
import { Store } from '@ngrx/store';
import { RouterLink } from '@angular/router';
import { MatTableModule } from '@angular/material/table';
import { MatPaginatorModule, PageEvent } from '@angular/material/paginator';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { StatusBadgeComponent } from '../../../shared/components/status-badge/status-badge.component';
import { WeightPipe } from '../../../shared/pipes/weight.pipe';
import { ShipmentsPageActions } from '../store/shipments.actions';
import { selectLoading, selectQuery, selectShipments, selectTotal } from '../store/shipments.selectors';

@Component({
  selector: 'lb-shipment-list',
  standalone: true,
  imports: [RouterLink, MatTableModule, MatPaginatorModule, MatProgressBarModule, StatusBadgeComponent, WeightPipe],
  templateUrl: './shipment-list.component.html',
  styleUrl: './shipment-list.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class ShipmentListComponent implements OnInit {
  private readonly store = inject(Store);
  protected readonly shipments = this.store.selectSignal(selectShipments);
  protected readonly loading = this.store.selectSignal(selectLoading);
  protected readonly total = this.store.selectSignal(selectTotal);
  protected readonly query = this.store.selectSignal(selectQuery);
  protected readonly columns = ['reference', 'origin', 'destination', 'status', 'weight', 'eta'];

  ngOnInit(): void {
    this.store.dispatch(ShipmentsPageActions.opened());
  }

  onPage(e: PageEvent): void {
    this.store.dispatch(ShipmentsPageActions.queryChanged({ query: { ...this.query(), page: e.pageIndex, size: e.pageSize } }));
  }
}
