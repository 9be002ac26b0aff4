import { render, screen } from '@testing-library/react';
import EventCard from './EventCard';

describe( 'EventCard', () => {
	it( 'affiche le titre et le lien', () => {
		render( <EventCard event={ { titre: 'Concert', lien: '/agenda/concert', debut: '2025-06-21' } } showExcerpt={ false } /> );
		expect( screen.getByText( 'Concert' ).closest( 'a' ) ).toHaveAttribute( 'href', '/agenda/concert' );
	} );
} );
