import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { FormsModule } from '@angular/forms';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatListModule } from '@angular/material/list';
import { CarrierApiService } from '../../../core/services/carrier-api.service';

@Component({
  selector: 'lb-carrier-list',
  standalone: true,
  imports: [FormsModule, MatFormFieldModule, MatInputModule, MatListModule],
  template: `
    <section class="lb-page">
      <mat-form-field><mat-label>Filter</mat-label><input matInput [ngModel]="filter()" (ngModelChange)="filter.set($event)" /></mat-form-field>
      <mat-list>
        @for (c of visible(); track c.id) {
          <mat-list-item>{{ c.name }} ({{ c.scac }})</mat-list-item>
        } @empty { <p>No carrier</p> }
      </mat-list>
    </section>`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class CarrierListComponent {
  private readonly carriers = toSignal(inject(CarrierApiService).list(), { initialValue: [] });
  protected readonly filter = signal('');
  protected readonly visible = computed(() => {
    const f = this.filter().toLowerCase();
    return this.carriers().filter((c) => c.name.toLowerCase().includes(f) || c.scac.toLowerCase().includes(f));
  });
}
