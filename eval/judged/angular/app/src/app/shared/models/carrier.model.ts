export interface Carrier { id: string; name: string; scac: string; active: boolean; }
