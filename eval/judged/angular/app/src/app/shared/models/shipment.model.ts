export type ShipmentStatus = 'CREATED' | 'PICKED_UP' | 'IN_TRANSIT' | 'DELIVERED' | 'EXCEPTION';

export interface Shipment {
  id: string;
  reference: string;
  carrierId: string;
  origin: string;
  destination: string;
  status: ShipmentStatus;
  weightKg: number;
  eta: string | null;
  updatedAt: string;
}
