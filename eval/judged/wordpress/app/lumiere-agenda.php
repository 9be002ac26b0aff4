<?php
/**
 * Plugin Name:       Lumière Agenda
 * Description:       Agenda d'événements culturels (type de contenu, API REST, bloc).
 * Version:           1.4.0
 * Requires at least: 6.4
 * Requires PHP:      8.2
 * Author:            Agence Lumière
 * License:           GPL-2.0-or-later
 * Text Domain:       lumiere-agenda
 * Domain Path:       /languages
 *
 * @package Lumiere\Agenda
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

define( 'LUMIERE_AGENDA_VERSION', '1.4.0' );
define( 'LUMIERE_AGENDA_FILE', __FILE__ );
define( 'LUMIERE_AGENDA_DIR', plugin_dir_path( __FILE__ ) );

require_once __DIR__ . '/vendor/autoload.php';

register_activation_hook( __FILE__, array( \Lumiere\Agenda\Plugin::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( \Lumiere\Agenda\Plugin::class, 'deactivate' ) );

add_action( 'plugins_loaded', array( \Lumiere\Agenda\Plugin::instance(), 'boot' ) );
