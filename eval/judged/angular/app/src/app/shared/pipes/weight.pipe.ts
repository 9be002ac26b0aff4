import { Pipe, PipeTransform } from '@angular/core';

@Pipe({ name: 'weight', standalone: true })
export class WeightPipe implements PipeTransform {
  transform(kg: number | null | undefined): string {
    if (kg == null) return '—';
    return kg >= 1000 ? `${(kg / 1000).toFixed(1)} t` : `${kg} kg`;
  }
}
