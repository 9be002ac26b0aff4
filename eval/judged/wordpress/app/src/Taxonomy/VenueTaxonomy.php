<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Taxonomy;

use Lumiere\Agenda\PostType\EventPostType;

final class VenueTaxonomy {
	public const SLUG = 'lumiere_lieu';

	public function register(): void {
		register_taxonomy(
			self::SLUG,
			array( EventPostType::SLUG ),
			array(
				'labels'            => array(
					'name'          => __( 'Lieux', 'lumiere-agenda' ),
					'singular_name' => __( 'Lieu', 'lumiere-agenda' ),
				),
				'hierarchical'      => true,
				'show_in_rest'      => true,
				'show_admin_column' => true,
				'rewrite'           => array( 'slug' => 'lieu' ),
			)
		);
	}
}
