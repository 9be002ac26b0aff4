import { Injectable, computed, signal } from '@angular/core';

export interface User { id: string; name: string; roles: string[]; }

@Injectable({ providedIn: 'root' })
export class AuthService {
  private readonly _user = signal<User | null>(null);
  private readonly _token = signal<string | null>(sessionStorage.getItem('lb_token'));

  readonly user = this._user.asReadonly();
  readonly token = this._token.asReadonly();
  readonly isLoggedIn = computed(() => this._token() !== null);

  setSession(token: string, user: User): void {
    sessionStorage.setItem('lb_token', token);
    this._token.set(token);
    this._user.set(user);
  }

  logout(): void {
    sessionStorage.removeItem('lb_token');
    this._token.set(null);
    this._user.set(null);
  }
}
