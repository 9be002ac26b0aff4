import './commands';
