<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Rest;

use Lumiere\Agenda\Repository\EventRepository;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

final class EventsController extends WP_REST_Controller {
	public function __construct( private EventRepository $events = new EventRepository() ) {
		$this->namespace = 'lumiere/v1';
		$this->rest_base = 'evenements';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => '__return_true',
					'args'                => array(
						'per_page' => array(
							'type'              => 'integer',
							'default'           => 10,
							'sanitize_callback' => 'absint',
						),
						'lieu'     => array( 'type' => 'string' ),
					),
				),
			)
		);
	}

	public function get_items( $request ): WP_REST_Response {
		$posts = $this->events->upcoming( (int) $request['per_page'], $request['lieu'] ?: null );
		$data  = array_map( fn( \WP_Post $p ) => $this->prepare_event( $p ), $posts );
		return rest_ensure_response( $data );
	}

	private function prepare_event( \WP_Post $post ): array {
		return array(
			'id'    => $post->ID,
			'titre' => get_the_title( $post ),
			'debut' => get_post_meta( $post->ID, '_lumiere_start', true ),
			'lien'  => get_permalink( $post ),
		);
	}
}
