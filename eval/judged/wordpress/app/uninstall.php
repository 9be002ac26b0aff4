<?php
/**
 * Nettoyage à la désinstallation.
 *
 * @package Lumiere\Agenda
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'lumiere_agenda_settings' );
delete_transient( 'lumiere_agenda_upcoming' );
