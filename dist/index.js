import './action/index.js';
