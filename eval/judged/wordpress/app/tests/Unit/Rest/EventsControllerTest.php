<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Tests\Unit\Rest;

use Brain\Monkey\Functions;
use Lumiere\Agenda\Rest\EventsController;
use Lumiere\Agenda\Tests\Unit\TestCase;

final class EventsControllerTest extends TestCase {
	public function test_routes_are_registered_under_namespace(): void {
		Functions\expect( 'register_rest_route' )
			->once()
			->with( 'lumiere/v1', '/evenements', \Mockery::type( 'array' ) );

		( new EventsController() )->register_routes();
	}
}
