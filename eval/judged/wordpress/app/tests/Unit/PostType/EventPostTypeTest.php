<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Tests\Unit\PostType;

use Brain\Monkey\Functions;
use Lumiere\Agenda\PostType\EventPostType;
use Lumiere\Agenda\Tests\Unit\TestCase;

final class EventPostTypeTest extends TestCase {
	public function test_register_exposes_post_type_in_rest(): void {
		Functions\expect( 'register_post_type' )
			->once()
			->with( 'lumiere_evenement', \Mockery::on( fn( $args ) => true === $args['show_in_rest'] && 'evenements' === $args['rest_base'] ) );

		( new EventPostType() )->register();
	}
}
