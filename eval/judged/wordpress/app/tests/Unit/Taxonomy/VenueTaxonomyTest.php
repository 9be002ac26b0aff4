<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Tests\Unit\Taxonomy;

use Brain\Monkey\Functions;
use Lumiere\Agenda\Taxonomy\VenueTaxonomy;
use Lumiere\Agenda\Tests\Unit\TestCase;

final class VenueTaxonomyTest extends TestCase {
	public function test_register_is_hierarchical(): void {
		Functions\expect( 'register_taxonomy' )
			->once()
			->with( 'lumiere_lieu', array( 'lumiere_evenement' ), \Mockery::on( fn( $a ) => true === $a['hierarchical'] ) );

		( new VenueTaxonomy() )->register();
	}
}
