import './post/index.js';
