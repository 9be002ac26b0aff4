import { Injectable, inject } from '@angular/core';
import { HttpClient } from '@angular/common/http';
import { Observable } from 'rxjs';
import { environment } from '../../../environments/environment';
import { Carrier } from '../../shared/models/carrier.model';

@Injectable({ providedIn: 'root' })
export class CarrierApiService {
  private readonly http = inject(HttpClient);

  list(): Observable<Carrier[]> {
    return this.http.get<Carrier[]>(`${environment.apiUrl}/carriers`);
  }
}
