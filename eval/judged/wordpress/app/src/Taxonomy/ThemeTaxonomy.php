<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Taxonomy;

use Lumiere\Agenda\PostType\EventPostType;

final class ThemeTaxonomy {
	public const SLUG = 'lumiere_thematique';

	public function register(): void {
		register_taxonomy(
			self::SLUG,
			array( EventPostType::SLUG ),
			array(
				'labels'       => array(
					'name'          => __( 'Thématiques', 'lumiere-agenda' ),
					'singular_name' => __( 'Thématique', 'lumiere-agenda' ),
				),
				'hierarchical' => false,
				'show_in_rest' => true,
				'rewrite'      => array( 'slug' => 'thematique' ),
			)
		);
	}
}
