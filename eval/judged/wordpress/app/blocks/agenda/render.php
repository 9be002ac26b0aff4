<?php
/**
 * Rendu serveur du bloc lumiere/agenda.
 *
 * @var array $attributes
 * @package Lumiere\Agenda
 */

use Lumiere\Agenda\Repository\EventRepository;

$lumiere_events = ( new EventRepository() )->upcoming(
	(int) ( $attributes['perPage'] ?? 6 ),
	! empty( $attributes['lieu'] ) ? $attributes['lieu'] : null
);
?>
<div <?php echo get_block_wrapper_attributes( array( 'class' => 'lumiere-agenda' ) ); ?>>
	<?php if ( empty( $lumiere_events ) ) : ?>
		<p><?php esc_html_e( 'Aucun événement à venir.', 'lumiere-agenda' ); ?></p>
	<?php else : ?>
		<?php foreach ( $lumiere_events as $lumiere_event ) : ?>
			<article class="lumiere-agenda__item">
				<h3 class="lumiere-agenda__title"><a href="<?php echo esc_url( get_permalink( $lumiere_event ) ); ?>"><?php echo esc_html( get_the_title( $lumiere_event ) ); ?></a></h3>
				<?php if ( ! empty( $attributes['showExcerpt'] ) ) : ?>
					<p><?php echo wp_kses_post( get_the_excerpt( $lumiere_event ) ); ?></p>
				<?php endif; ?>
			</article>
		<?php endforeach; ?>
	<?php endif; ?>
</div>
