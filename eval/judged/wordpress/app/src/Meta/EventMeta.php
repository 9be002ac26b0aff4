<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Meta;

use Lumiere\Agenda\PostType\EventPostType;

final class EventMeta {
	public const START = '_lumiere_start';
	public const END   = '_lumiere_end';
	public const PRICE = '_lumiere_price';

	public function register(): void {
		foreach ( array( self::START, self::END ) as $key ) {
			register_post_meta(
				EventPostType::SLUG,
				$key,
				array(
					'type'              => 'string',
					'single'            => true,
					'show_in_rest'      => true,
					'sanitize_callback' => 'sanitize_text_field',
					'auth_callback'     => static fn() => current_user_can( 'edit_posts' ),
				)
			);
		}
		register_post_meta(
			EventPostType::SLUG,
			self::PRICE,
			array(
				'type'         => 'number',
				'single'       => true,
				'show_in_rest' => true,
			)
		);
	}
}
