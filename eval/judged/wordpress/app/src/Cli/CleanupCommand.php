<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Cli;

use WP_CLI;

/**
 * Supprime les événements passés.
 */
final class CleanupCommand {
	/**
	 * [--before=<date>]
	 * : Date limite (Y-m-d).
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$before = $assoc_args['before'] ?? gmdate( 'Y-m-d', strtotime( '-1 year' ) );
		$ids    = get_posts(
			array(
				'post_type'   => 'lumiere_evenement',
				'fields'      => 'ids',
				'numberposts' => -1,
				'meta_query'  => array(
					array( 'key' => '_lumiere_end', 'value' => $before, 'compare' => '<' ),
				),
			)
		);
		foreach ( $ids as $id ) {
			wp_delete_post( $id, true );
		}
		WP_CLI::success( sprintf( '%d événement(s) supprimé(s).', count( $ids ) ) );
	}
}
