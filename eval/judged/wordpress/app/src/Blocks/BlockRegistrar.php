<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Blocks;

final class BlockRegistrar {
	public function register(): void {
		register_block_type( LUMIERE_AGENDA_DIR . 'build/agenda' );
	}
}
