import { __ } from '@wordpress/i18n';
import { dateI18n, getSettings } from '@wordpress/date';

export default function EventCard( { event, showExcerpt } ) {
	const { formats } = getSettings();
	return (
		<article className="lumiere-agenda__item">
			<h3 className="lumiere-agenda__title">
				<a href={ event.lien }>{ event.titre }</a>
			</h3>
			<time dateTime={ event.debut }>{ dateI18n( formats.date, event.debut ) }</time>
			{ showExcerpt && event.resume && (
				<p className="lumiere-agenda__excerpt">{ event.resume }</p>
			) }
			{ ! event.lien && <span>{ __( 'Lien indisponible', 'lumiere-agenda' ) }</span> }
		</article>
	);
}
