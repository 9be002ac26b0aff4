<?php
/**
 * Gabarit d'un événement (surchargeable par le thème).
 *
 * @package Lumiere\Agenda
 */

get_header();
while ( have_posts() ) :
	the_post();
	?>
	<article <?php post_class( 'lumiere-evenement' ); ?>>
		<h1><?php the_title(); ?></h1>
		<p class="lumiere-evenement__date"><?php echo esc_html( get_post_meta( get_the_ID(), '_lumiere_start', true ) ); ?></p>
		<?php the_content(); ?>
	</article>
	<?php
endwhile;
get_footer();
