import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import { NgClass } from '@angular/common';
import { ShipmentStatus } from '../../models/shipment.model';

@Component({
  selector: 'lb-status-badge',
  standalone: true,
  imports: [NgClass],
  template: `<span class="badge" [ngClass]="cssClass()">{{ label() }}</span>`,
  styles: `.badge { padding: 2px 8px; border-radius: 12px; font-size: 12px; } .exception { background: #fdecea; }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class StatusBadgeComponent {
  status = input.required<ShipmentStatus>();
  protected readonly label = computed(() => this.status().replace('_', ' ').toLowerCase());
  protected readonly cssClass = computed(() => this.status().toLowerCase());
}
