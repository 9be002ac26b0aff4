<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Tests\Unit\Repository;

use Lumiere\Agenda\Repository\EventRepository;
use Lumiere\Agenda\Tests\Unit\TestCase;

final class EventRepositoryTest extends TestCase {
	public function test_find_by_external_id_returns_null_when_missing(): void {
		$wpdb           = \Mockery::mock( 'wpdb' );
		$wpdb->postmeta = 'wp_postmeta';
		$wpdb->shouldReceive( 'prepare' )->andReturn( 'SQL' );
		$wpdb->shouldReceive( 'get_var' )->andReturn( null );
		$GLOBALS['wpdb'] = $wpdb;

		self::assertNull( ( new EventRepository() )->find_by_external_id( 'X-1' ) );
	}
}
