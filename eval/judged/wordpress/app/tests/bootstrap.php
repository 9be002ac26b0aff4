<?php
declare(strict_types=1);

require_once dirname( __DIR__ ) . '/vendor/autoload.php';
require_once dirname( __DIR__ ) . '/vendor/yoast/phpunit-polyfills/phpunitpolyfills-autoload.php';

define( 'ABSPATH', '/tmp/wordpress/' );
define( 'LUMIERE_AGENDA_DIR', dirname( __DIR__ ) . '/' );
