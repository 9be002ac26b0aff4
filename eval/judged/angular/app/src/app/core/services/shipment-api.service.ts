import { Injectable, inject } from '@angular/core';
import { HttpClient, HttpParams } from '@angular/common/http';
import { Observable } from 'rxjs';
import { environment } from '../../../environments/environment';
import { Page } from '../../shared/models/page.model';
import { Shipment, ShipmentStatus } from '../../shared/models/shipment.model';

export interface ShipmentQuery { page: number; size: number; status?: ShipmentStatus; search?: string; }

@Injectable({ providedIn: 'root' })
export class ShipmentApiService {
  private readonly http = inject(HttpClient);
  private readonly baseUrl = `${environment.apiUrl}/shipments`;

  list(query: ShipmentQuery): Observable<Page<Shipment>> {
    let params = new HttpParams().set('page', query.page).set('size', query.size);
    if (query.status) params = params.set('status', query.status);
    if (query.search) params = params.set('q', query.search);
    return this.http.get<Page<Shipment>>(this.baseUrl, { params });
  }

  get(id: string): Observable<Shipment> {
    return this.http.get<Shipment>(`${this.baseUrl}/${id}`);
  }

  updateStatus(id: string, status: ShipmentStatus): Observable<Shipment> {
    return this.http.patch<Shipment>(`${this.baseUrl}/${id}`, { status });
  }
}
