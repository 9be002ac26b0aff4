<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Repository;

use Lumiere\Agenda\Meta\EventMeta;
use Lumiere\Agenda\PostType\EventPostType;

final class EventRepository {
	/**
	 * @return \WP_Post[]
	 */
	public function upcoming( int $limit = 10, ?string $venue = null ): array {
		$args = array(
			'post_type'      => EventPostType::SLUG,
			'posts_per_page' => $limit,
			'meta_key'       => EventMeta::START,
			'orderby'        => 'meta_value',
			'order'          => 'ASC',
			'meta_query'     => array(
				array(
					'key'     => EventMeta::START,
					'value'   => gmdate( 'Y-m-d' ),
					'compare' => '>=',
				),
			),
		);
		if ( null !== $venue ) {
			$args['tax_query'] = array(
				array(
					'taxonomy' => 'lumiere_lieu',
					'field'    => 'slug',
					'terms'    => $venue,
				),
			);
		}
		return ( new \WP_Query( $args ) )->posts;
	}

	public function find_by_external_id( string $external_id ): ?int {
		global $wpdb;
		$id = $wpdb->get_var(
			$wpdb->prepare(
				"SELECT post_id FROM {$wpdb->postmeta} WHERE meta_key = '_lumiere_external_id' AND meta_value = %s LIMIT 1",
				$external_id
			)
		);
		return null === $id ? null : (int) $id;
	}
}
