<?php
declare(strict_types=1);

namespace Lumiere\Agenda\PostType;

final class EventPostType {
	public const SLUG = 'lumiere_evenement';

	public function register(): void {
		register_post_type(
			self::SLUG,
			array(
				'labels'       => array(
					'name'          => __( 'Événements', 'lumiere-agenda' ),
					'singular_name' => __( 'Événement', 'lumiere-agenda' ),
					'add_new_item'  => __( 'Ajouter un événement', 'lumiere-agenda' ),
				),
				'public'       => true,
				'has_archive'  => true,
				'rewrite'      => array( 'slug' => 'agenda' ),
				'menu_icon'    => 'dashicons-calendar-alt',
				'show_in_rest' => true,
				'rest_base'    => 'evenements',
				'supports'     => array( 'title', 'editor', 'excerpt', 'thumbnail', 'custom-fields' ),
				'template'     => array( array( 'core/paragraph' ) ),
			)
		);
	}
}
