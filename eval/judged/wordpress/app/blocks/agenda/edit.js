import { __ } from '@wordpress/i18n';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import { PanelBody, RangeControl, SelectControl, ToggleControl } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import ServerSideRender from '@wordpress/server-side-render';

export default function Edit( { attributes, setAttributes } ) {
	const { perPage, lieu, showExcerpt } = attributes;
	const lieux = useSelect(
		( select ) => select( 'core' ).getEntityRecords( 'taxonomy', 'lumiere_lieu', { per_page: -1 } ),
		[]
	);

	return (
		<div { ...useBlockProps() }>
			<InspectorControls>
				<PanelBody title={ __( 'Réglages', 'lumiere-agenda' ) }>
					<RangeControl
						label={ __( 'Nombre d’événements', 'lumiere-agenda' ) }
						value={ perPage }
						onChange={ ( value ) => setAttributes( { perPage: value } ) }
						min={ 1 }
						max={ 24 }
					/>
					<SelectControl
						label={ __( 'Lieu', 'lumiere-agenda' ) }
						value={ lieu }
						options={ [
							{ label: __( 'Tous', 'lumiere-agenda' ), value: '' },
							...( lieux ?? [] ).map( ( t ) => ( { label: t.name, value: t.slug } ) ),
						] }
						onChange={ ( value ) => setAttributes( { lieu: value } ) }
					/>
					<ToggleControl
						label={ __( 'Afficher le résumé', 'lumiere-agenda' ) }
						checked={ showExcerpt }
						onChange={ ( value ) => setAttributes( { showExcerpt: value } ) }
					/>
				</PanelBody>
			</InspectorControls>
			<ServerSideRender block="lumiere/agenda" attributes={ attributes } />
		</div>
	);
}
