<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Cli;

use Lumiere\Agenda\Repository\EventRepository;
use WP_CLI;

/**
 * Importe des événements depuis un fichier CSV.
 */
final class ImportCommand {
	/**
	 * Importe un CSV d'événements.
	 *
	 * ## OPTIONS
	 *
	 * <file>
	 * : Chemin du fichier CSV.
	 *
	 * [--dry-run]
	 * : N'écrit rien.
	 *
	 * @param array<int,string>    $args
	 * @param array<string,string> $assoc_args
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		[ $file ] = $args;
		$dry_run  = WP_CLI\Utils\get_flag_value( $assoc_args, 'dry-run', false );
		$handle   = fopen( $file, 'r' );
		if ( false === $handle ) {
			WP_CLI::error( "Impossible de lire $file" );
		}
		$repo  = new EventRepository();
		$count = 0;
		fgetcsv( $handle );
		while ( ( $row = fgetcsv( $handle ) ) !== false ) {
			[ $external_id, $title, $start ] = $row;
			if ( $repo->find_by_external_id( $external_id ) ) {
				continue;
			}
			if ( ! $dry_run ) {
				$id = wp_insert_post(
					array(
						'post_type'   => 'lumiere_evenement',
						'post_title'  => $title,
						'post_status' => 'publish',
					)
				);
				update_post_meta( $id, '_lumiere_start', $start );
				update_post_meta( $id, '_lumiere_external_id', $external_id );
			}
			++$count;
		}
		fclose( $handle );
		WP_CLI::success( "$count événement(s) importé(s)." );
	}
}
