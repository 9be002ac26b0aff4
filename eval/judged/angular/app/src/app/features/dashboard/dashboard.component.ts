import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { Store } from '@ngrx/store';
import { MatCardModule } from '@angular/material/card';
import { selectLateShipments, selectShipments } from '../shipments/store/shipments.selectors';

@Component({
  selector: 'lb-dashboard',
  standalone: true,
  imports: [MatCardModule],
  template: `
    <section class="lb-page grid">
      <mat-card><mat-card-title>In transit</mat-card-title><mat-card-content>{{ inTransit() }}</mat-card-content></mat-card>
      <mat-card><mat-card-title>Late</mat-card-title><mat-card-content>{{ late().length }}</mat-card-content></mat-card>
    </section>`,
  styles: `.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 16px; }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DashboardComponent {
  private readonly store = inject(Store);
  protected readonly late = this.store.selectSignal(selectLateShipments);
  private readonly all = this.store.selectSignal(selectShipments);
  protected readonly inTransit = computed(() => this.all().filter((s) => s.status === 'IN_TRANSIT').length);
}
