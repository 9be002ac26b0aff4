<?php
declare(strict_types=1);

namespace Lumiere\Agenda\Admin;

final class SettingsPage {
	public function hooks(): void {
		add_action( 'admin_menu', array( $this, 'menu' ) );
		add_action( 'admin_init', array( $this, 'settings' ) );
	}

	public function menu(): void {
		add_options_page(
			__( 'Lumière Agenda', 'lumiere-agenda' ),
			__( 'Agenda', 'lumiere-agenda' ),
			'manage_options',
			'lumiere-agenda',
			array( $this, 'render' )
		);
	}

	public function settings(): void {
		register_setting( 'lumiere_agenda', 'lumiere_agenda_settings', array( 'sanitize_callback' => array( $this, 'sanitize' ) ) );
	}

	public function sanitize( array $input ): array {
		return array( 'per_page' => absint( $input['per_page'] ?? 10 ) );
	}

	public function render(): void {
		echo '<div class="wrap"><h1>' . esc_html__( 'Réglages de l’agenda', 'lumiere-agenda' ) . '</h1><form method="post" action="options.php">';
		settings_fields( 'lumiere_agenda' );
		do_settings_sections( 'lumiere-agenda' );
		submit_button();
		echo '</form></div>';
	}
}
