module.exports = '/assets/stub.svg';
