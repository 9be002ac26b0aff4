<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Tests\Unit\Cli;

use Lumiere\Agenda\Tests\Unit\TestCase;

final class ImportCommandTest extends TestCase {
	public function test_dry_run_does_not_insert_posts(): void {
		$this->markTestIncomplete( 'Nécessite un double de WP_CLI.' );
	}
}
