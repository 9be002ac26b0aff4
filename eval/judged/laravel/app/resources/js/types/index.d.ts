export interface User {
    id: number;
    name: string;
    email: string;
    locale: 'fr' | 'en';
}

export interface Client {
    id: number;
    raison_sociale: string;
    siret: string;
}

export type ProjectStatus = 'draft' | 'in_progress' | 'delivered' | 'archived';

export interface Project {
    id: number;
    name: string;
    status: ProjectStatus;
    budget_cents: number | null;
    starts_on: string | null;
    due_on: string | null;
    client: Client;
}

export interface Paginated<T> {
    data: T[];
    links: { url: string | null; label: string; active: boolean }[];
    current_page: number;
    last_page: number;
}

export type PageProps<T extends Record<string, unknown> = Record<string, unknown>> = T & {
    auth: { user: User };
    flash: { success: string | null };
};
