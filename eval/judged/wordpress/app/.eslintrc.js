module.exports = {
	extends: [ 'plugin:@wordpress/eslint-plugin/recommended' ],
	globals: { lumiereAgenda: 'readonly' },
};
