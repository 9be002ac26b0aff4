<?php
declare(strict_types=1);

namespace Lumiere\Agenda;

use Lumiere\Agenda\Admin\SettingsPage;
use Lumiere\Agenda\Blocks\BlockRegistrar;
use Lumiere\Agenda\Cli\CleanupCommand;
use Lumiere\Agenda\Cli\ImportCommand;
use Lumiere\Agenda\Meta\EventMeta;
use Lumiere\Agenda\PostType\EventPostType;
use Lumiere\Agenda\Rest\EventsController;
use Lumiere\Agenda\Taxonomy\ThemeTaxonomy;
use Lumiere\Agenda\Taxonomy\VenueTaxonomy;

final class Plugin {
	private static ?Plugin $instance = null;

	public static function instance(): self {
		return self::$instance ??= new self();
	}

	public function boot(): void {
		load_plugin_textdomain( 'lumiere-agenda', false, dirname( plugin_basename( LUMIERE_AGENDA_FILE ) ) . '/languages' );

		add_action( 'init', array( new EventPostType(), 'register' ) );
		add_action( 'init', array( new VenueTaxonomy(), 'register' ) );
		add_action( 'init', array( new ThemeTaxonomy(), 'register' ) );
		add_action( 'init', array( new EventMeta(), 'register' ) );
		add_action( 'init', array( new BlockRegistrar(), 'register' ) );
		add_action( 'rest_api_init', array( new EventsController(), 'register_routes' ) );

		if ( is_admin() ) {
			( new SettingsPage() )->hooks();
		}

		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			\WP_CLI::add_command( 'lumiere import', ImportCommand::class );
			\WP_CLI::add_command( 'lumiere cleanup', CleanupCommand::class );
		}
	}

	public static function activate(): void {
		( new EventPostType() )->register();
		flush_rewrite_rules();
	}

	public static function deactivate(): void {
		flush_rewrite_rules();
	}
}
